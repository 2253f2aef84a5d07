import { download, request, type RequestConfig } from '@site/app-runtime';
import type {
  AdminArticleListResponse,
  AdminArticleQuery,
  AdminArticleResponse,
  ArticleForm,
  ArticleUploadKind,
  ArticleUploadResponse,
  ArticleHistoryResponse,
  ArticleReviewCountResponse,
  ArticleStatusBody,
  ArticleVersionDiffResponse,
  ArticleVersionsResponse,
  MediaListResponse,
  MediaQuery,
  RecycledArticleListResponse,
  RecycledArticleQuery,
  AuditLogListResponse,
  AuditLogQuery,
  LoginLogListResponse,
  LoginLogQuery,
  AvatarResponse,
  CrmCustomerResponse,
  CustomerResponse,
  DictDataResponse,
  GetRoutersResponse,
  MessageBoardEntry,
  MessageBoardListResponse,
  MessageBoardQuery,
  MessageHandleBody,
  MyMessageBody,
  NoticeForm,
  NoticeListQuery,
  NoticeListResponse,
  NoticeResponse,
  NoticeUnreadResponse,
  PageQuery,
  ProfileResponse,
  ProfileUpdateBody,
  R,
  RData,
  UploadResponse,
  VisitAnalyticsResponse,
  VisitRangeQuery,
  VisitStatsResponse,
  WorkbenchAccountResponse,
  WorkbenchDocumentsResponse,
} from '@site/contract';

/** GET /getRouters */
export const getRouters = () => request.get<GetRoutersResponse>('/getRouters');
/** GET /system/notice/list */
export const getNoticeList = (params: NoticeListQuery) => request.get<NoticeListResponse>('/system/notice/list', { params });
/** GET /system/notice/unread: how many open notices meant for the caller the caller has not opened. */
export const getNoticeUnread = () => request.get<NoticeUnreadResponse>('/system/notice/unread');
/** PUT /system/notice/{id}/read: marks the notice read for the caller; answers the new unread count. */
export const markNoticeRead = (id: number) => request.put<NoticeUnreadResponse>(`/system/notice/${id}/read`);
/** PUT /system/notice/readAll: 全部已读 for the signed-in user; answers the new unread count. */
export const markAllNoticesRead = () => request.put<NoticeUnreadResponse>('/system/notice/readAll');
/** GET /system/notice/{id} */
export const getNotice = (id: number) => request.get<NoticeResponse>(`/system/notice/${id}`);
/** POST /system/notice */
export const addNotice = (form: NoticeForm) => request.post<RData<{ noticeId: number }>>('/system/notice', form);
/** PUT /system/notice/{id} */
export const updateNotice = (id: number, form: NoticeForm) => request.put<R>(`/system/notice/${id}`, form);
/** DELETE /system/notice/{ids} */
export const deleteNotices = (ids: number[]) => request.delete<R>(`/system/notice/${ids.join(',')}`);
/** POST /system/notice/export: the notices the filters select, downloaded as a spreadsheet (CSV). */
export const exportNotices = (query: Omit<NoticeListQuery, 'pageNum' | 'pageSize'>) =>
  download(
    '/system/notice/export',
    Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>,
    '通知公告.csv',
  );
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
  return request.post<AvatarResponse>('/system/user/profile/avatar', form, UPLOAD_CONFIG);
}
/**
 * Uploads answer their body whatever its code (a refused file is HTTP 400 with the reason), so the caller shows the
 * one message UPLOAD-2 asks for, 上传失败 plus the server's, and the shared client does not show the reason a second
 * time. A lapsed sign-in (401) and server or network failures still take the client's usual path.
 */
const UPLOAD_CONFIG: RequestConfig = {
  headers: { 'Content-Type': 'multipart/form-data' },
  rawAnswer: true,
  validateStatus: (status) => (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 401),
};
/** POST /common/upload (multipart, bearer token) */
export function uploadFile(file: File | Blob) {
  const form = new FormData();
  form.append('file', file);
  return request.post<UploadResponse>('/common/upload', form, UPLOAD_CONFIG);
}
/** GET /system/message-board/list */
export const getMessageBoardList = (params: MessageBoardQuery) => request.get<MessageBoardListResponse>('/system/message-board/list', { params });
/** PUT /system/message-board/{id}: 未处理/已处理 and the reply note. */
export const handleMessage = (id: number, body: MessageHandleBody) => request.put<RData<MessageBoardEntry>>(`/system/message-board/${id}`, body);
/** DELETE /system/message-board/{ids} */
export const deleteMessages = (ids: number[]) => request.delete<R>(`/system/message-board/${ids.join(',')}`);
/** POST /system/message-board/export: the filtered messages as a spreadsheet (CSV). */
export const exportMessages = (query: Omit<MessageBoardQuery, 'pageNum' | 'pageSize'>) =>
  download(
    '/system/message-board/export',
    Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>,
    '留言板.csv',
  );
/** GET /system/message-board/mine: the signed-in author's own messages with the staff's replies. */
export const getMyMessages = (params: PageQuery) => request.get<MessageBoardListResponse>('/system/message-board/mine', { params });
/** POST /system/message-board/mine: a signed-in user's message, filed under their account (name and phone from it). */
export const postMyMessage = (body: MyMessageBody) => request.post<RData<MessageBoardEntry>>('/system/message-board/mine', body);
/** GET /system/visit/stats?days= */
export const getVisitStats = (days = 7) => request.get<VisitStatsResponse>('/system/visit/stats', { params: { days } });
/** GET /system/visit/analytics?beginDate=&endDate= (content:visit:query) */
export const getVisitAnalytics = (params: VisitRangeQuery) => request.get<VisitAnalyticsResponse>('/system/visit/analytics', { params });
/** POST /system/visit/export (content:visit:export): the figures of the range as a CSV file, saved by the browser. */
export const exportVisits = (range: Required<VisitRangeQuery>) =>
  download('/system/visit/export', range, `访问统计_${range.beginDate}_${range.endDate}.csv`);
/** Customer lookup by id: GET /bus/customer/{id} */
export const getCustomer = (id: number) => request.get<CustomerResponse>(`/bus/customer/${id}`);
/**
 * CRM lookup (SPEC: GET {configured CRM base}/admin-api/crm/customer/get) with the signed-in user's own token: the API
 * server checks the user may see that customer. There is no fixed-bearer variant (contract README, HTTP-4).
 */
export const getCrmCustomerForUser = (id: number, crmBase = '') =>
  request.get<CrmCustomerResponse>(`${crmBase}/admin-api/crm/customer/get`, { params: { id }, rawAnswer: true });

// ---- articles (admin shell)
/** GET /system/article/list */
export const getAdminArticles = (params: AdminArticleQuery) => request.get<AdminArticleListResponse>('/system/article/list', { params });
/** GET /system/article/{id} */
export const getAdminArticle = (id: number) => request.get<AdminArticleResponse>(`/system/article/${id}`);
/** GET /system/article/{id}/history */
export const getArticleHistory = (id: number) => request.get<ArticleHistoryResponse>(`/system/article/${id}/history`);
/** POST /system/article */
export const addArticle = (form: ArticleForm) => request.post<AdminArticleResponse>('/system/article', form);
/** PUT /system/article/{id} (with the version read) */
export const updateArticle = (id: number, form: ArticleForm) => request.put<AdminArticleResponse>(`/system/article/${id}`, form);
/**
 * PUT /system/article/{id}/status: 发布/下线 need content:article:publish; without it 3 submits (提交审核);
 * 4 sends a submitted one back (退回) with its `comment`.
 */
export const setArticleStatus = (id: number, body: ArticleStatusBody) => request.put<AdminArticleResponse>(`/system/article/${id}/status`, body);
/** GET /system/article/review/count: how many articles wait for review (待审核). */
export const getArticleReviewCount = () => request.get<ArticleReviewCountResponse>('/system/article/review/count');
/** POST /system/article/upload?kind=document|video (multipart field `file`): a document or a tutorial video. */
export function uploadArticleFile(kind: ArticleUploadKind, file: File | Blob) {
  const form = new FormData();
  form.append('file', file);
  return request.post<ArticleUploadResponse>('/system/article/upload', form, { ...UPLOAD_CONFIG, params: { kind } });
}
/** DELETE /system/article/{ids}: into 回收站. */
export const deleteArticles = (ids: number[]) => request.delete<R>(`/system/article/${ids.join(',')}`);
/** GET /system/article/{id}/versions (记录): newest first, the present state first. */
export const getArticleVersions = (id: number) => request.get<ArticleVersionsResponse>(`/system/article/${id}/versions`);
/** GET /system/article/{id}/versions/diff?from=&to=: what changed from version `from` to version `to`. */
export const getArticleVersionDiff = (id: number, from: number, to: number) =>
  request.get<ArticleVersionDiffResponse>(`/system/article/${id}/versions/diff`, { params: { from, to } });
/** POST /system/article/{id}/versions/{version}/restore (恢复此版本) with the article's present version. */
export const restoreArticleVersion = (id: number, version: number, current: number) =>
  request.post<AdminArticleResponse>(`/system/article/${id}/versions/${version}/restore`, { version: current });
/** GET /system/article-recycle/list (回收站). */
export const getRecycledArticles = (params: RecycledArticleQuery) =>
  request.get<RecycledArticleListResponse>('/system/article-recycle/list', { params });
/** PUT /system/article-recycle/{ids}/restore: back to 文章管理 under their own ids. */
export const restoreRecycledArticles = (ids: number[]) => request.put<R>(`/system/article-recycle/${ids.join(',')}/restore`);
/** DELETE /system/article-recycle/{ids}: purged for good, versions included. */
export const purgeRecycledArticles = (ids: number[]) => request.delete<R>(`/system/article-recycle/${ids.join(',')}`);
/** GET /system/article/media (媒体库): the content images staff uploaded, newest first. */
export const getMediaImages = (params: MediaQuery) => request.get<MediaListResponse>('/system/article/media', { params });

/** GET /system/audit/list: the audit trail of staff writes (操作日志). */
export const getAuditLog = (params: AuditLogQuery) => request.get<AuditLogListResponse>('/system/audit/list', { params });
/** 登录日志. */
export const getLoginLog = (params: LoginLogQuery) => request.get<LoginLogListResponse>('/system/logininfor/list', { params });
/** GET /system/workbench/account: the signed-in user's customer, product version and support address. */
export const getWorkbenchAccount = () => request.get<WorkbenchAccountResponse>('/system/workbench/account');
/** GET /system/workbench/documents: the document centre's files for the signed-in customer's product. */
export const getWorkbenchDocuments = () => request.get<WorkbenchDocumentsResponse>('/system/workbench/documents');
