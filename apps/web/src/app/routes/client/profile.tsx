import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PROFILE_MESSAGES } from '@abode/shared/profile/profile.schema';
import { Button } from '#src/components/ui/button.tsx';
import { useProfile } from '#src/features/profile/api/profile.ts';
import { DataSection } from '#src/features/profile/components/data-section.tsx';
import { DeleteAccountSection } from '#src/features/profile/components/delete-account-section.tsx';
import { EmailSection } from '#src/features/profile/components/email-section.tsx';
import { PasswordSection } from '#src/features/profile/components/password-section.tsx';
import { PersonalDetailsForm } from '#src/features/profile/components/personal-details-form.tsx';
import { ProfileSection } from '#src/features/profile/components/profile-section.tsx';
import { ProfileSkeleton } from '#src/features/profile/components/profile-skeleton.tsx';
import { TwoFactorSection } from '#src/features/auth/components/two-factor-card.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

/**
 * /profile (REQ-CLIENT-14, signed in): personal details, e-mail, password, two-factor sign-in (ADR 031), download my data
 * and delete my account, each a card. Behind the ProtectedRoute guard.
 */
export function ProfileRoute() {
  const profile = useProfile();
  useEmailChangeLanding();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <title>Profile · Abode</title>
      <h1 className="mb-2 text-3xl font-semibold tracking-tight">Your profile</h1>
      <p className="mb-8 text-muted-foreground">Manage your details, sign-in and data.</p>
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <div role="alert" className="flex flex-col items-start gap-4 rounded-xl border p-6">
          <p>{PROFILE_MESSAGES.loadFailed}</p>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <ProfileSection id="details" title="Personal details" description="How agents will address you.">
            <PersonalDetailsForm key={profile.data.id} profile={profile.data} />
          </ProfileSection>
          <ProfileSection
            id="email"
            title="E-mail"
            description="You sign in with this address, and alerts and replies go to it."
          >
            <EmailSection profile={profile.data} />
          </ProfileSection>
          <ProfileSection
            id="password"
            title="Password"
            description="Changing it signs you out on your other devices."
          >
            <PasswordSection />
          </ProfileSection>
          <ProfileSection
            id="two-factor"
            title="Two-factor sign-in"
            description="A code from your phone as well as your password."
          >
            <TwoFactorSection />
          </ProfileSection>
          <ProfileSection
            id="data"
            title="Your data"
            description="A copy of everything Abode stores about you, as a JSON file."
          >
            <DataSection />
          </ProfileSection>
          <ProfileSection
            id="delete"
            title="Delete account"
            danger
            description="Permanently erase your account and personal data."
          >
            <DeleteAccountSection />
          </ProfileSection>
        </div>
      )}
    </div>
  );
}

/** Says how a followed change-of-address link went (EMAIL_CHANGED_LANDING), once, then tidies the URL. */
function useEmailChangeLanding() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const landed = params.get('email') === 'changed';
  const failed = params.has('error');
  useEffect(() => {
    if (shown.current || (!landed && !failed)) return;
    shown.current = true;
    if (failed)
      showErrorToast(PROFILE_MESSAGES.emailChangeFailed, { reason: PROFILE_MESSAGES.emailLinkInvalid });
    else toast.success(PROFILE_MESSAGES.emailChanged);
    setParams({}, { replace: true });
  }, [landed, failed, setParams]);
}
