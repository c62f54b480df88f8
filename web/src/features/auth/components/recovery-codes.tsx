import { useState } from 'react';
import { Copy, Download } from 'lucide-react';
import { calloutClass } from '@/components/callout';
import { useShopName } from '@/hooks/use-shop-name';

/** Ten one-time recovery codes, shown once: copy them, download them as a text file, then confirm. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const shopName = useShopName();
  const text = `Recovery codes for ${shopName}\nEach code works once, instead of a code from your authenticator app.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'shop-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-3">
      <p className={calloutClass('warning')}>
        Save these recovery codes somewhere safe now: they are shown only once. Each one signs you in once if you lose your phone.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-box bg-base-200 p-3 font-mono text-base sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all break-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={() => void copy()}>
          <Copy size={16} aria-hidden="true" />
          Copy
        </button>
        <button type="button" className="btn btn-sm" onClick={download}>
          <Download size={16} aria-hidden="true" />
          Download
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          I have saved them
        </button>
      </div>
      {copied === null ? null : (
        <p role="status" className="text-sm">
          {copied ? 'Copied to the clipboard.' : 'Could not copy: select the codes and copy them, or download them.'}
        </p>
      )}
    </div>
  );
}
