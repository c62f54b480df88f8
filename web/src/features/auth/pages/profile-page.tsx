import { Suspense, type ReactNode } from 'react';
import { calloutClass } from '@/components/callout';
import { Spinner } from '@/components/spinner';
import { useTalkSlots } from '@/hooks/use-talk';
import { useUser } from '@/hooks/use-user';
import { useSignInMethods } from '../api/account';
import { ActiveSessions } from '../components/active-sessions';
import { ChangePasswordForm } from '../components/change-password-form';
import { MailSettings } from '../components/mail-settings';
import { MeetingDetails } from '../components/meeting-details';
import { ProfileNameForm } from '../components/profile-name-form';
import { TwoFactorSettings } from '../components/two-factor-settings';

function Card({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div>
          <h2 id={id} className="card-title text-lg">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-base-content/75">{description}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A Google-only account has no password to change; everyone else gets the form. */
function PasswordSection() {
  const methods = useSignInMethods();
  if (methods.isPending) return <Spinner label="Checking how you log in…" className="py-4" />;
  if (methods.data && !methods.data.includes('credential')) {
    return (
      <p className={calloutClass('info')}>
        You log in with Google, so this account has no password of its own. Your Google account keeps it safe. To add a password,
        use "Forgot password?" on the login page: it mails you a link to choose one.
      </p>
    );
  }
  return <ChangePasswordForm />;
}

/** /dashboard/profile (every role): name, password, devices. */
export function ProfilePage() {
  const { user } = useUser();
  const talk = useTalkSlots();
  if (!user) return null;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Profile</h1>
        <p className="mt-1 break-words text-base-content/80">Signed in as {user.email}</p>
      </header>
      <Card id="profile-name" title="Display name">
        <ProfileNameForm key={user.id} name={user.name} />
      </Card>
      <Card id="profile-password" title="Password" description="Changing it asks for your current password first.">
        <PasswordSection />
      </Card>
      <Card
        id="profile-two-factor"
        title="Two-factor sign-in"
        description="After your password, signing in also asks for a code from an authenticator app on your phone."
      >
        <TwoFactorSettings enabled={!!user.twoFactorEnabled} />
      </Card>
      <Card
        id="profile-devices"
        title="Devices"
        description="Browsers signed in to your account. Sign out of all of them if you lost a device or used a shared computer."
      >
        <ActiveSessions />
      </Card>
      <Card
        id="profile-meeting"
        title="Phone and home area"
        description="Filled in when you book, so you type them once. Sellers see your phone only with a booking."
      >
        <MeetingDetails />
      </Card>
      <Card id="profile-mail" title="Mail" description="Choose which mails the shop sends you.">
        <MailSettings />
      </Card>
      {talk ? (
        <Card
          id="profile-alerts"
          title="Alerts"
          description="Searches and price drops you asked to hear about, and people you blocked."
        >
          <Suspense fallback={<Spinner label="Loading your alerts…" className="py-4" />}>
            <talk.AlertsSettings />
          </Suspense>
        </Card>
      ) : null}
    </div>
  );
}
