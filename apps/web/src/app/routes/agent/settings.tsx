import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { AgencyCard } from '#src/features/agent-settings/components/agency-card.tsx';
import { NotificationsCard } from '#src/features/agent-settings/components/notifications-card.tsx';
import { PasswordSection } from '#src/features/profile/components/password-section.tsx';
import { TwoFactorCard } from '#src/features/auth/components/two-factor-card.tsx';

/**
 * /agent/settings (REQ-AGENT Settings): the agency's name and compliance details (Settings › Agency, ADR 029),
 * notification preferences (new-enquiry e-mails on/off) and the password change of the client profile (the same
 * component: same rules, same better-auth call), and two-factor sign-in (ADR 031).
 */
export function AgentSettingsRoute() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <title>Settings · Abode Agent Portal</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="text-muted-foreground">Your agency, notifications and how you sign in.</p>
      </div>
      <AgencyCard />
      <NotificationsCard />
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Password</h2>
          <CardDescription>Changing it signs you out on your other devices.</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordSection />
        </CardContent>
      </Card>
      <TwoFactorCard />
    </div>
  );
}
