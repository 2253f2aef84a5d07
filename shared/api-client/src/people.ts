/** People and the audit trail of the admin shell: staff users, roles, customers, audit search. */
import { request } from '@site/app-runtime';
import type {
  CustomerProductOptionsResponse,
  CustomerUnitsResponse,
  InitialPasswordResponse,
  R,
  RData,
  ResetPasswordBody,
  RoleOptionsResponse,
  SiteCustomerCompanyBody,
  SiteCustomerListResponse,
  SiteCustomerQuery,
  SiteCustomerResponse,
  StaffUserCreateBody,
  StaffUserListResponse,
  StaffUserQuery,
  StaffUserResponse,
  StaffUserUpdateBody,
  SysMenuListResponse,
  SysRoleBody,
  SysRoleListResponse,
  SysRoleQuery,
  SysRoleResponse,
  UserStatusBody,
} from '@site/contract';

/** GET /system/user/list */
export const listStaffUsers = (params: StaffUserQuery) => request.get<StaffUserListResponse>('/system/user/list', { params });
/** GET /system/user/{id} */
export const getStaffUser = (userId: number) => request.get<StaffUserResponse>(`/system/user/${userId}`);
/** GET /system/user/roleOptions: the roles the user form offers. */
export const listRoleOptions = () => request.get<RoleOptionsResponse>('/system/user/roleOptions');
/** POST /system/user: answers the id and the initial password (shown once). */
export const createStaffUser = (body: StaffUserCreateBody) => request.post<InitialPasswordResponse>('/system/user', body);
/** PUT /system/user/{id} */
export const updateStaffUser = (userId: number, body: StaffUserUpdateBody) => request.put<R>(`/system/user/${userId}`, body);
/** PUT /system/user/{id}/status */
export const setStaffUserStatus = (userId: number, body: UserStatusBody) => request.put<R>(`/system/user/${userId}/status`, body);
/** PUT /system/user/{id}/resetPwd: answers the new initial password (shown once). */
export const resetStaffUserPassword = (userId: number, body: ResetPasswordBody = {}) =>
  request.put<InitialPasswordResponse>(`/system/user/${userId}/resetPwd`, body);

/** GET /system/role/list */
export const listRoles = (params: SysRoleQuery) => request.get<SysRoleListResponse>('/system/role/list', { params });
/** GET /system/role/menus: every menu, flat (the role form's tree). */
export const listRoleMenus = () => request.get<SysMenuListResponse>('/system/role/menus');
/** GET /system/role/{key} */
export const getRole = (roleKey: string) => request.get<SysRoleResponse>(`/system/role/${encodeURIComponent(roleKey)}`);
/** POST /system/role */
export const createRole = (body: SysRoleBody) => request.post<RData<{ roleKey: string }>>('/system/role', body);
/** PUT /system/role/{key} */
export const updateRole = (roleKey: string, body: SysRoleBody) => request.put<R>(`/system/role/${encodeURIComponent(roleKey)}`, body);
/** DELETE /system/role/{keys} */
export const deleteRoles = (roleKeys: string[]) => request.delete<R>(`/system/role/${roleKeys.map(encodeURIComponent).join(',')}`);

/** GET /system/customer/list */
export const listSiteCustomers = (params: SiteCustomerQuery) => request.get<SiteCustomerListResponse>('/system/customer/list', { params });
/** GET /system/customer/{id} */
export const getSiteCustomer = (userId: number) => request.get<SiteCustomerResponse>(`/system/customer/${userId}`);
/** PUT /system/customer/{id}/status */
export const setSiteCustomerStatus = (userId: number, body: UserStatusBody) => request.put<R>(`/system/customer/${userId}/status`, body);
/** PUT /system/customer/{id}/company: the account's company and the company's products with their versions. */
export const setSiteCustomerCompany = (userId: number, body: SiteCustomerCompanyBody) =>
  request.put<SiteCustomerResponse>(`/system/customer/${userId}/company`, body);
/** GET /system/customer/units?keyword=: the companies to pick from. */
export const listCustomerUnits = (keyword = '') =>
  request.get<CustomerUnitsResponse>('/system/customer/units', { params: keyword ? { keyword } : {} });
/** GET /system/customer/productOptions: the product centre's products to pick from. */
export const listCustomerProductOptions = () => request.get<CustomerProductOptionsResponse>('/system/customer/productOptions');
