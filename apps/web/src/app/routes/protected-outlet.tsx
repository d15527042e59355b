import { Outlet } from 'react-router';
import { ProtectedRoute } from '#src/components/layouts/guards.tsx';

/** Pathless parent of the signed-in client pages (REQ-AUTH-10: protected, default redirect /auth). */
export function ProtectedOutlet() {
  return (
    <ProtectedRoute>
      <Outlet />
    </ProtectedRoute>
  );
}
