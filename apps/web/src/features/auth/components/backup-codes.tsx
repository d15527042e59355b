import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';

/**
 * Freshly issued backup codes (ADR 031), shown once: each works once in place of an authenticator code. Copy and
 * download so they can be kept somewhere safe, away from the device.
 */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  const text = `Abode two-factor backup codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Backup codes copied');
    } catch {
      toast.error('Could not copy: select the codes and copy them instead.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'abode-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-4">
      <p className="text-sm">
        <strong>Save these backup codes now.</strong> Each signs you in once if you lose your device. They
        will not be shown again.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm select-text"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          Download
        </Button>
      </div>
    </div>
  );
}
