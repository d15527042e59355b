import { Navigate, useNavigate } from 'react-router';
import { TWO_FACTOR_MESSAGES } from '@abode/shared/auth/two-factor';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { mustSetUpTwoFactor } from '#src/components/layouts/guards.tsx';
import { paths } from '#src/config/paths.ts';
import { TwoFactorSetup } from '#src/features/auth/components/two-factor-setup.tsx';
import { homeFor, useAuth } from '#src/lib/auth.tsx';

/**
 * /auth/two-factor (ADR 031): where a user the policy requires to use two-factor sign-in lands right after their
 * password, and stays (every guarded page sends them here, and the API refuses them) until it is on. Signed out → /auth;
 * nothing to set up → their dashboard.
 */
export function TwoFactorSetupRoute() {
  const { me, isLoading, refresh, signOut } = useAuth();
  const navigate = useNavigate();
  if (isLoading) return <Spinner className="min-h-dvh" />;
  if (!me) return <Navigate to={paths.auth} replace />;
  if (!mustSetUpTwoFactor(me)) return <Navigate to={homeFor(me)} replace />;

  const done = async () => {
    const updated = await refresh();
    void navigate(homeFor(updated), { replace: true });
  };
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <title>Set up two-factor sign-in · Abode</title>
      <Card className="w-full max-w-lg shadow-lg">
        <CardHeader className="gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Set up two-factor sign-in</h1>
          <p role="status" className="text-sm text-muted-foreground">
            {TWO_FACTOR_MESSAGES.setupRequired} Your account can change listings, applicants’ details or other
            users, so Abode asks for a code from your phone as well as your password.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <TwoFactorSetup onDone={() => void done()} />
          <div className="border-t pt-4">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => void signOut().then(() => navigate(paths.home, { replace: true }))}
            >
              Sign out
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
