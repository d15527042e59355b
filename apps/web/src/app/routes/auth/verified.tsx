import { Link, useSearchParams } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx';
import { paths } from '#src/config/paths.ts';

/** Where the confirmation link lands (better-auth's callbackURL); `?error=…` when the link was bad or expired. */
export function VerifiedRoute() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <title>E-mail confirmation · Abode</title>
      <Card className="w-full max-w-md shadow-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">
            {failed ? 'Confirmation failed' : 'E-mail confirmed'}
          </h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p role={failed ? 'alert' : 'status'}>
            {failed
              ? 'This confirmation link is invalid or has expired. Sign in to ask for a new one.'
              : 'Thank you: your e-mail address is confirmed. You can now sign in.'}
          </p>
          <Button asChild>
            <Link to={paths.auth}>Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
