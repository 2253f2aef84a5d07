/** The message board as staff handle it, `/system/message-board*`: `services/api-server/src/routes/messages.ts`. */

import type { MessageReplySms } from '../constants';
import type { PageQuery, TableDataInfo } from './common';

/** Message-board entry for staff: `GET /system/message-board/list` (perm content:message:list). */
export interface MessageBoardEntry {
  id: number;
  title: string;
  /** Stored as given (plain text); escape when rendering. */
  text: string;
  nickname: string;
  contact: string | null;
  phone: string | null;
  email: string | null;
  ip: string | null;
  /** `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
  /** MESSAGE_STATUS: '0' 未处理, '1' 已处理. */
  status: string;
  /** Staff's reply note (plain text), shown to the author when signed in. */
  reply: string | null;
  /** `YYYY-MM-DD HH:mm:ss` or null. */
  repliedAt: string | null;
  repliedBy: string | null;
  /** MESSAGE_REPLY_SMS: what became of the SMS carrying the latest reply; null before any reply. */
  replySms: MessageReplySms | null;
  /**
   * `GET /system/message-board/list` only: the message was written by a customer account (one holding no
   * role) signed in, and the company it belongs to ('' when none); null for a visitor's or a staff member's message.
   */
  customer?: MessageCustomer | null;
}

/** The customer account a message on the staff list came from. */
export interface MessageCustomer {
  userId: number;
  nickName: string;
  companyName: string;
}

/** Body of `POST /system/message-board/mine`: a signed-in user's message, filed under their account. */
export interface MyMessageBody {
  title: string;
  text: string;
}

/** Query of `GET /system/message-board/list` (also the form fields of `POST /system/message-board/export`). */
export interface MessageBoardQuery extends PageQuery {
  title?: string;
  nickname?: string;
  /** Matches phone, email or the free contact field. */
  contact?: string;
  /** MESSAGE_STATUS. */
  status?: string;
  /** `YYYY-MM-DD`, inclusive. */
  beginTime?: string;
  endTime?: string;
}

/** Body of `PUT /system/message-board/{id}` (perm content:message:edit). */
export interface MessageHandleBody {
  status: string;
  reply?: string | null;
}

export type MessageBoardListResponse = TableDataInfo<MessageBoardEntry>;
