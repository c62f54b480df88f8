import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, children, action, icon }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-12 text-center">
      {icon ? (
        <div className="text-base-content/50" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <p className="text-lg font-semibold">{title}</p>
      {children ? <div className="max-w-md text-base-content/70">{children}</div> : null}
      {action}
    </div>
  );
}
