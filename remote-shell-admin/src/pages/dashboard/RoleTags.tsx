import { Tag } from '@site/antd-kit';
import { roleLabel } from '../../data/roles';

/** The signed-in person's roles as tags, by the names people read (both workbenches show them). */
export function RoleTags({ roles }: { roles: readonly string[] }) {
  return (
    <span className="dashboard-roles">
      {roles.map((r) => (
        <Tag key={r}>{roleLabel(r)}</Tag>
      ))}
    </span>
  );
}
