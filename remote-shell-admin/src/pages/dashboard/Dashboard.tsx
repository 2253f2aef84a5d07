import { useAuth } from '@site/app-runtime';
import { CustomerWorkbench } from './CustomerWorkbench';
import { isCustomer } from '../../data/roles';
import { StaffWorkbench } from './StaffWorkbench';

/** /index 工作台: a signed-in customer's own workbench, or the staff workbench for holders of a staff role. */
export default function Dashboard() {
  const { roles } = useAuth();
  return isCustomer(roles) ? <CustomerWorkbench /> : <StaffWorkbench />;
}
