import { AppProvider } from '#src/app/provider.tsx';
import { AppRouter } from '#src/app/router.tsx';

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
