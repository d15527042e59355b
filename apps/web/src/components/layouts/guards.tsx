import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useAuth, type Me } from '#src/lib/auth.tsx';
import { paths } from '#src/config/paths.ts';

export const ACCESS_DENIED_TEXT = "You don't have permission to access the admin portal.";

/** A user the policy requires to use two-factor sign-in who has not set it up yet (ADR 031). */
export const mustSetUpTwoFactor = (me: Me | null) =>
  !!me?.twoFactor && me.twoFactor.required && !me.twoFactor.enabled;

/** REQ-AUTH-10: a spinner while the session loads, then the page or a redirect (default /auth). */
export function ProtectedRoute({
  children,
  redirectTo = paths.auth,
}: {
  children: ReactNode;
  redirectTo?: string;
}) {
  const { me, user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />;
  if (mustSetUpTwoFactor(me)) return <Navigate to={paths.twoFactorSetup} replace />;
  return children;
}

/** Agent area: nothing renders unless the role is agent; signed out → /auth, other roles → /dashboard. */
export function AgentRoute({ children }: { children: ReactNode }) {
  const { me, user, isLoading } = useAuth();
  if (isLoading) return <Spinner className="min-h-dvh" />;
  if (!user) return <Navigate to={paths.auth} replace />;
  if (user.role !== 'agent') return <Navigate to={paths.dashboard} replace />;
  if (mustSetUpTwoFactor(me)) return <Navigate to={paths.twoFactorSetup} replace />;
  return children;
}

/**
 * Admin area: 'Loading admin portal...' while loading; signed out → /auth; a signed-in non-admin gets the Access
 * Denied card (with a link to /) instead of the portal, so none of the portal's data is ever requested.
 */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { me, user, isAdmin, isLoading } = useAuth();
  if (isLoading) return <Spinner className="min-h-dvh" label="Loading admin portal..." />;
  if (!user) return <Navigate to={paths.auth} replace />;
  if (!isAdmin) return <AccessDenied />;
  if (mustSetUpTwoFactor(me)) return <Navigate to={paths.twoFactorSetup} replace />;
  return children;
}

export function AccessDenied() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-muted/40 px-4">
      <title>Access Denied · Abode</title>
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
          <h1 className="text-lg leading-tight font-semibold">Access Denied</h1>
          <CardDescription>{ACCESS_DENIED_TEXT}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to={paths.home}>Return to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
