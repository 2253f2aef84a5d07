-- The staff's answer to a message goes out by SMS to the message's phone; the message keeps what
-- became of that SMS ('sent', 'no-phone', 'failed'; NULL before any answer) so 留言板 can say it.
ALTER TABLE message_board ADD COLUMN reply_sms varchar(16);

-- Registration asks for the person's 姓名 and used to store it as the customer's name too, so the
-- workbench's 客户名称 showed the person. A customer row created that way (named as its contact, the account's
-- phone, no product) names no company: it becomes '' (the workbench says 未关联客户单位) until staff set one.
UPDATE customer c SET name = ''
  WHERE c.name = c.contact_name AND c.product_name IS NULL
    AND EXISTS (SELECT 1 FROM sys_user u WHERE u.customer_id = c.id AND u.user_name = c.phone);
