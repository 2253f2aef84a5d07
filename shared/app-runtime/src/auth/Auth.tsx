import type { ReactNode } from 'react';
import type { ActionName } from '@site/contract';
import { checkPermi, checkRole, hasAction } from './permission';
import { useAuth } from './store';

interface AuthProps {
  /** Shown when the user holds one of these permissions (*:*:* holds all). */
  permi?: string[];
  /** Shown when the user holds one of these roles (admin holds all). */
  role?: string[];
  children: ReactNode;
}

/**
 * The spec's v-hasPermi / v-hasRole as a component: renders nothing unless allowed.
 * An empty or missing list is a programming error and throws, as the directives do.
 */
export function Auth({ permi, role, children }: AuthProps) {
  const { permissions, roles } = useAuth();
  const allowed = role !== undefined ? checkRole(roles, role) : checkPermi(permissions, permi as string[]);
  return allowed ? <>{children}</> : null;
}

/** Hook form: usePermission().hasPermi([...]), .hasRole([...]), .hasAction(permissionId, action). */
export function usePermission() {
  const { permissions, roles } = useAuth();
  return {
    hasPermi: (list: string[]) => checkPermi(permissions, list),
    hasRole: (list: string[]) => checkRole(roles, list),
    hasAction: (permissionId: string, action: ActionName) => hasAction(permissions, permissionId, action),
  };
}

/** The action directive: hides its children when the action is missing from the route permission's actionList. */
export function Action({ permissionId, action, children }: { permissionId: string; action: ActionName; children: ReactNode }) {
  const { permissions } = useAuth();
  return hasAction(permissions, permissionId, action) ? <>{children}</> : null;
}
