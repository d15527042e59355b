import { useId } from 'react';
import { toast } from 'sonner';
import { AGENT_SETTINGS_MESSAGES } from '@abode/shared/agent/settings.schema';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { useAgentSettings, useUpdateAgentSettings } from '../api/agent-settings.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

/**
 * Notification preferences (REQ-AGENT-17 Settings): 'E-mail me about new enquiries'. The switch saves at once and
 * says so in a toast; while saving it shows the new position and is disabled; a failure puts it back.
 */
export function NotificationsCard() {
  const id = useId();
  const settings = useAgentSettings();
  const update = useUpdateAgentSettings();
  const checked = update.isPending ? update.variables.notifyNewEnquiries : settings.data?.notifyNewEnquiries;

  const onChange = (next: boolean) => {
    update.mutate(
      { notifyNewEnquiries: next },
      {
        onSuccess: (saved) =>
          toast.success(
            saved.notifyNewEnquiries
              ? AGENT_SETTINGS_MESSAGES.notificationsOn
              : AGENT_SETTINGS_MESSAGES.notificationsOff,
          ),
        onError: (error) => showErrorToast(AGENT_SETTINGS_MESSAGES.updateFailed, { error }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Notifications</h2>
        <CardDescription>Choose which e-mails Abode sends you.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <LoadFailed message={AGENT_SETTINGS_MESSAGES.loadFailed} onRetry={() => void settings.refetch()} />
        ) : checked === undefined ? (
          <Skeleton className="h-12 w-full" />
        ) : (
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-enquiries`}>E-mail me about new enquiries</Label>
              <p id={`${id}-enquiries-hint`} className="text-sm text-muted-foreground">
                New enquiries always appear under Enquiries; this only controls the e-mail.
              </p>
            </div>
            <Switch
              id={`${id}-enquiries`}
              checked={checked}
              disabled={update.isPending}
              onCheckedChange={onChange}
              aria-describedby={`${id}-enquiries-hint`}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
