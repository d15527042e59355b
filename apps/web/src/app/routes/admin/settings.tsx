import { SiteLimitsCard } from '#src/features/admin-limits/components/site-limits-card.tsx';
import { TeamCard } from '#src/features/admin-team/components/team-card.tsx';
import { TwoFactorPolicyCard } from '#src/features/admin-two-factor/components/two-factor-policy-card.tsx';
import { TwoFactorCard } from '#src/features/auth/components/two-factor-card.tsx';
import { useAuth } from '#src/lib/auth.tsx';

/**
 * /admin/settings (REQ-ADMIN): your own two-factor sign-in and who must use it (ADR 031), the 'Administrators' card
 * (any admin reads; super admins manage) and the 'Rate limits' in force (read-only: operators tune them with
 * environment variables).
 */
export function AdminSettingsRoute() {
  const { me } = useAuth();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <title>Settings · Abode Admin</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="text-muted-foreground">
          Your two-factor sign-in, who can use the admin portal, and the site's rate limits.
        </p>
      </div>
      <TwoFactorCard />
      <TwoFactorPolicyCard canEdit={me?.adminRole === 'super_admin'} />
      <TeamCard viewerId={me?.user.id} />
      <SiteLimitsCard />
    </div>
  );
}
