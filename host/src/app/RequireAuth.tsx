import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '@site/app-runtime';
import { loginPathFor } from '@site/ui';

/** Admin routes need a token; without one the visitor signs in and comes back here (item 7). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const { pathname, search } = useLocation();
  if (!token) return <Navigate to={loginPathFor(pathname + search)} replace />;
  return <>{children}</>;
}
