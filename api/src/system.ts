import { request } from '@site/runtime';
import type {
  AvatarResponse,
  ChannelUpdateBody,
  CrmCustomerResponse,
  CustomerResponse,
  DictDataResponse,
  GetRoutersResponse,
  MessageBoardListResponse,
  NoticeListQuery,
  NoticeListResponse,
  NoticeResponse,
  PageQuery,
  ProfileResponse,
  ProfileUpdateBody,
  R,
  UploadResponse,
  VisitStatsResponse,
  WorkbenchAccountResponse,
  WorkbenchDocumentsResponse,
} from '@site/contract';

/** GET /getRouters */
export const getRouters = () => request.get<GetRoutersResponse>('/getRouters');
/** GET /system/notice/list */
export const getNoticeList = (params: NoticeListQuery) => request.get<NoticeListResponse>('/system/notice/list', { params });
/** GET /system/notice/{id} */
export const getNotice = (id: number) => request.get<NoticeResponse>(`/system/notice/${id}`);
/** GET /system/dict/data/type/{type} */
export const getDicts = (type: string) => request.get<DictDataResponse>(`/system/dict/data/type/${encodeURIComponent(type)}`);
/** GET /system/user/profile */
export const getProfile = () => request.get<ProfileResponse>('/system/user/profile');
/** PUT /system/user/profile */
export const updateProfile = (body: ProfileUpdateBody) => request.put<R>('/system/user/profile', body);
/** POST /system/user/profile/avatar (multipart) */
export function uploadAvatar(file: File | Blob) {
  const form = new FormData();
  form.append('avatarfile', file);
  return request.post<AvatarResponse>('/system/user/profile/avatar', form, { headers: { 'Content-Type': 'multipart/form-data' } });
}
/** POST /common/upload (multipart, bearer token) */
export function uploadFile(file: File | Blob) {
  const form = new FormData();
  form.append('file', file);
  return request.post<UploadResponse>('/common/upload', form, { headers: { 'Content-Type': 'multipart/form-data' } });
}
/** GET /system/message-board/list */
export const getMessageBoardList = (params: PageQuery) => request.get<MessageBoardListResponse>('/system/message-board/list', { params });
/** GET /system/message-board/mine: the signed-in author's own messages with the staff's replies. */
export const getMyMessages = (params: PageQuery) => request.get<MessageBoardListResponse>('/system/message-board/mine', { params });
/** GET /system/visit/stats?days= */
export const getVisitStats = (days = 7) => request.get<VisitStatsResponse>('/system/visit/stats', { params: { days } });
/** PUT /system/channel/{id} (admin only) */
export const updateChannel = (id: number, body: ChannelUpdateBody) => request.put<R>(`/system/channel/${id}`, body);
/** Customer lookup by id: GET /bus/customer/{id} */
export const getCustomer = (id: number) => request.get<CustomerResponse>(`/bus/customer/${id}`);
/**
 * CRM lookup (SPEC: GET {configured CRM base}/admin-api/crm/customer/get) with the signed-in user's own token: the API
 * server checks the user may see that customer. There is no fixed-bearer variant (contract README, HTTP-4).
 */
export const getCrmCustomerForUser = (id: number, crmBase = '') =>
  request.get<CrmCustomerResponse>(`${crmBase}/admin-api/crm/customer/get`, { params: { id }, rawAnswer: true });
/** GET /system/workbench/account: the signed-in user's customer, product version and support address. */
export const getWorkbenchAccount = () => request.get<WorkbenchAccountResponse>('/system/workbench/account');
/** GET /system/workbench/documents: the document centre's files for the signed-in customer's product. */
export const getWorkbenchDocuments = () => request.get<WorkbenchDocumentsResponse>('/system/workbench/documents');
