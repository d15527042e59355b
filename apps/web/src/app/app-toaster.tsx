import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@abode/shared/constants';

/**
 * sonner's region: labelled 'Notifications', alt+T focuses it, each toast has a 'Close toast' button. The app loads
 * it after the first paint (provider.tsx); tests render it directly.
 */
export function AppToaster() {
  return (
    <Toaster
      containerAriaLabel="Notifications"
      hotkey={['altKey', 'KeyT']}
      closeButton
      position="bottom-right"
      duration={TOAST_DURATION_MS}
    />
  );
}
