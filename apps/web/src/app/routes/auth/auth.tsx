import { useState } from 'react';
import { Navigate } from 'react-router';
import { Tabs } from 'radix-ui';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { sessionEndedMessage, useAuth } from '#src/lib/auth.tsx';
import { paths } from '#src/config/paths.ts';
import { SignInForm } from '#src/features/auth/components/sign-in-form.tsx';
import { SignUpForm } from '#src/features/auth/components/sign-up-form.tsx';
import { AuthDraftProvider } from '#src/features/auth/hooks/use-auth-draft.tsx';

const tabClass =
  'flex-1 cursor-pointer rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs';

/**
 * /auth (REQ-AUTH-01): a spinner while the session loads; a visitor who arrives signed in goes to / (REQ-AUTH-13
 * — signing in here instead goes to the role's dashboard); otherwise the sign-in / sign-up card. What was typed in
 * either tab survives a switch to the other; a session that ended because the account was suspended says so here
 * (REQ-AUTH-14).
 */
export function AuthRoute() {
  const { user, isLoading } = useAuth();
  const [arrival, setArrival] = useState<'signed-in' | 'signed-out' | null>(null);
  const [tab, setTab] = useState<'sign-in' | 'sign-up'>('sign-in');
  const [endedBecause, setEndedBecause] = useState<string | null>(null);

  if (arrival === null && !isLoading) {
    setArrival(user ? 'signed-in' : 'signed-out');
    // Read once /api/me has answered: that answer is what tells a suspended session why it ended.
    setEndedBecause(sessionEndedMessage());
  }
  if (arrival === null) return <Spinner />;
  if (arrival === 'signed-in') return <Navigate to={paths.home} replace />;

  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <title>Sign in · Abode</title>
      <Card className="w-full max-w-md shadow-lg">
        <CardHeader className="items-center text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Welcome Back</h1>
          <CardDescription>Sign in to your account, or create one.</CardDescription>
        </CardHeader>
        <CardContent>
          {endedBecause && (
            <p
              role="alert"
              className="mb-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium"
            >
              You have been signed out. {endedBecause}
            </p>
          )}
          <AuthDraftProvider>
            <Tabs.Root value={tab} onValueChange={(value) => setTab(value as typeof tab)}>
              <Tabs.List aria-label="Sign in or sign up" className="mb-6 flex rounded-md bg-muted p-1">
                <Tabs.Trigger value="sign-in" className={tabClass}>
                  Sign In
                </Tabs.Trigger>
                <Tabs.Trigger value="sign-up" className={tabClass}>
                  Sign Up
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="sign-in" className="focus-visible:outline-none">
                <SignInForm />
              </Tabs.Content>
              <Tabs.Content value="sign-up" className="focus-visible:outline-none">
                <SignUpForm onSignedUp={() => setTab('sign-in')} />
              </Tabs.Content>
            </Tabs.Root>
          </AuthDraftProvider>
        </CardContent>
      </Card>
    </div>
  );
}
