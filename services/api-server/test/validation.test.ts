/**
 * Input validation by the routes' own schemas (issue 24): the calls that used to check their input by hand answer a
 * malformed query, path or body with the same `{code: 400, msg, field}` and Chinese message, the caller is still
 * checked before the input, and the calls that take their fields from the query string or the body alike merge the
 * two as before.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { req, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin'] });

const bad = (msg: string, field?: string) => [400, { code: 400, msg, ...(field ? { field } : {}) }];
const answer = async (o: Parameters<typeof req>[1]) => {
  const r = await req(s.app, o);
  return [r.status, r.body];
};
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('[ISSUE-24.2] schemas on the routes: malformed input answers 400 with the Chinese message and the field', () => {
  test('content calls: query strings and path parameters', async () => {
    assert.deepEqual(await answer({ method: 'GET', url: '/api/channel?parentId=-1' }), bad('上级栏目ID格式不正确', 'parentId'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/channel?isNav=maybe' }), bad('isNav格式不正确', 'isNav'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/channel/abc' }), bad('ID格式不正确', 'id'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/block-item' }), bad('区块ID不能为空', 'blockId'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/block-item?blockIds=1,x' }), bad('区块ID格式不正确', 'blockIds'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/article?limit=0' }), bad('条数必须大于0', 'limit'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/article/page?pageSize=101' }), bad('每页条数不能超过100', 'pageSize'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/article/page?page=x' }), bad('页码格式不正确', 'page'));
    assert.deepEqual(await answer({ method: 'GET', url: `/api/article/es/page?text=${'电'.repeat(101)}` }), bad('搜索内容不能超过100个字符', 'text'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/article/prev' }), bad('ID格式不正确', 'id'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/article/next?id=0' }), bad('ID格式不正确', 'id'));
    assert.deepEqual(await answer({ method: 'GET', url: '/api/article/1.5' }), bad('ID格式不正确', 'id'));
    // what the schemas let through reaches the handler, coerced
    const ok = await req(s.app, { method: 'GET', url: '/api/article/page?page=1&pageSize=2' });
    assert.deepEqual([ok.status, ok.body.size, ok.body.number], [200, 2, 0]);
  });

  test('download: the id comes from a form body or the query string (the body wins)', async () => {
    assert.deepEqual(await answer({ method: 'POST', url: '/api/download', headers: form, payload: 'id=abc' }), bad('ID格式不正确', 'id'));
    assert.deepEqual(await answer({ method: 'POST', url: '/api/download?id=abc' }), bad('ID格式不正确', 'id'));
    assert.deepEqual(await answer({ method: 'POST', url: '/api/download' }), bad('ID格式不正确', 'id'));
    const bodyWins = await answer({ method: 'POST', url: '/api/download?id=abc', headers: form, payload: 'id=999999' });
    assert.deepEqual(bodyWins, [404, { code: 404, msg: '文件不存在' }]);
  });

  test('message board and visit records: bodies', async () => {
    assert.deepEqual(await answer({ method: 'POST', url: '/api/message-board' }), bad('标题不能为空', 'title'));
    assert.deepEqual(
      await answer({
        method: 'POST',
        url: '/api/message-board',
        payload: { title: '咨询', text: '内容', nickname: '张三', email: 'x@', captcha: '1', uuid: 'u' },
      }),
      bad('邮箱格式不正确', 'email'),
    );
    const visit = { url: '/news', si: '1', uv: '2', newVisitor: true, count: 1 };
    assert.deepEqual(await answer({ method: 'POST', url: '/api/visit/2', payload: visit }), [404, { code: 404, msg: '站点不存在' }]);
    assert.deepEqual(await answer({ method: 'POST', url: '/api/visit/1', payload: { ...visit, count: 2 } }), bad('计数只能为0或1', 'count'));
    assert.deepEqual(
      await answer({ method: 'POST', url: '/api/visit/1', headers: { 'content-type': 'text/plain' }, payload: '{"url":' }),
      bad('访问记录格式不正确'),
    );
    assert.deepEqual(
      await answer({
        method: 'POST',
        url: '/api/visit/1',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ ...visit, si: 'x' }),
      }),
      bad('会话ID格式不正确', 'si'),
    );
    assert.deepEqual(
      await answer({
        method: 'POST',
        url: '/api/visit/1',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ ...visit, url: '/a\u0000' }),
      }),
      bad('请求参数包含非法字符'),
    );
    assert.deepEqual(await answer({ method: 'POST', url: '/api/visit/1?url=%2Fnews&si=1&uv=2&newVisitor=true' }), bad('计数只能为0或1', 'count'));
    assert.deepEqual(await answer({ method: 'POST', url: '/api/visit/1?url=%2Fnews&si=1&uv=2&newVisitor=true&count=0' }), [
      200,
      { code: 200, msg: '操作成功' },
    ]);
  });

  test('dictionaries and configuration keys: path parameters', async () => {
    assert.deepEqual(await answer({ method: 'GET', url: '/system/dict/data/type/a-b' }), bad('字典类型格式不正确', 'dictType'));
    assert.deepEqual(await answer({ method: 'GET', url: '/system/config/configKey/a%20b' }), bad('参数键名格式不正确', 'configKey'));
  });

  test('sign-in: an absent body names the first missing field; SMS sign-in takes the query string or the body (the body wins)', async () => {
    assert.deepEqual(await answer({ method: 'POST', url: '/login' }), bad('用户名不能为空', 'username'));
    assert.deepEqual(await answer({ method: 'POST', url: '/loginNoPassword?phone=123' }), bad('手机号格式不正确', 'phone'));
    assert.deepEqual(
      await answer({ method: 'POST', url: '/loginNoPassword?phone=123', payload: { phone: '13800138000', code: '12' } }),
      bad('短信验证码格式不正确', 'code'),
    );
    assert.deepEqual(await answer({ method: 'POST', url: '/loginNoPassword?code=123456', payload: { phone: '13800138000' } }), [
      200,
      { code: 500, msg: '短信验证码错误或已过期' },
    ]);
  });

  test('own profile and password: the caller first (401 whatever the body), then the body', async () => {
    const unauthorized = [401, { code: 401, msg: '认证失败，无法访问系统资源' }];
    assert.deepEqual(await answer({ method: 'PUT', url: '/system/user/profile', payload: { nickName: '' } }), unauthorized);
    assert.deepEqual(await answer({ method: 'PUT', url: '/system/user/profile/updatePwd', payload: {} }), unauthorized);
    assert.deepEqual(
      await answer({ method: 'PUT', url: '/system/user/profile', token: s.token.admin, payload: { nickName: '' } }),
      bad('昵称不能为空', 'nickName'),
    );
    assert.deepEqual(
      await answer({ method: 'PUT', url: '/system/user/profile', token: s.token.admin, payload: { nickName: '管理员', email: 'not-mail' } }),
      bad('邮箱格式不正确', 'email'),
    );
    // the old password in the query string (older RuoYi front ends), the new one in the body
    assert.deepEqual(
      await answer({
        method: 'PUT',
        url: '/system/user/profile/updatePwd?oldPassword=admin123',
        token: s.token.admin,
        payload: { newPassword: '123' },
      }),
      bad('密码长度必须在6到20个字符之间', 'newPassword'),
    );
    assert.deepEqual(
      await answer({ method: 'PUT', url: '/system/user/profile/updatePwd?newPassword=abcdef1', token: s.token.admin }),
      bad('旧密码不能为空', 'oldPassword'),
    );
  });

  test('customer calls: the query string wins over the body; customer lookups check the id before the caller', async () => {
    assert.deepEqual(
      await answer({ method: 'POST', url: '/bus/customer/sendCode?phone=123', payload: { phone: '13800138000' } }),
      bad('手机号格式不正确', 'phone'),
    );
    assert.deepEqual(
      await answer({ method: 'POST', url: '/bus/customer/sendCode', headers: form, payload: 'phone=13800138000&purpose=spam' }),
      bad('验证码用途只能为 login、register、reset 或 phone', 'purpose'),
    );
    assert.deepEqual(await answer({ method: 'POST', url: '/bus/customer/create?phone=13800138000&code=123456' }), bad('姓名不能为空', 'name'));
    assert.deepEqual(
      await answer({ method: 'POST', url: '/bus/customer/resetUserPassword?phone=13800138000&code=123456&password=12' }),
      bad('密码长度必须在6到20个字符之间', 'password'),
    );
    assert.deepEqual(await answer({ method: 'GET', url: '/bus/customer/abc' }), bad('ID格式不正确', 'id'));
    assert.deepEqual(await answer({ method: 'GET', url: '/admin-api/crm/customer/get?id=0' }), bad('ID格式不正确', 'id'));
    assert.deepEqual(await answer({ method: 'GET', url: '/bus/customer/1' }), [401, { code: 401, msg: '认证失败，无法访问系统资源' }]);
  });

  test('messaging-app stand-in and callback', async () => {
    assert.deepEqual(await answer({ method: 'GET', url: '/bus/wx/oauth2/callbackurl?state=abc' }), bad('授权码不能为空', 'code'));
    assert.deepEqual(await answer({ method: 'GET', url: '/bus/wx/oauth2/local-authorize?state=xyz' }), bad('授权状态无效', 'state'));
    assert.deepEqual(
      await answer({ method: 'POST', url: '/bus/wx/oauth2/local-authorize', headers: form, payload: `state=${'a'.repeat(32)}&user=zz` }),
      bad('授权用户无效', 'user'),
    );
  });

  test('test-harness helpers', async () => {
    assert.deepEqual(await answer({ method: 'GET', url: '/dev/sms-outbox?phone=1' }), bad('手机号格式不正确', 'phone'));
    assert.deepEqual(await answer({ method: 'GET', url: '/dev/captcha/xyz' }), bad('验证码标识格式不正确', 'uuid'));
    assert.deepEqual(await answer({ method: 'GET', url: '/dev/visits?uv=a' }), bad('访客ID格式不正确', 'uv'));
    assert.deepEqual(await answer({ method: 'POST', url: '/dev/captcha-enabled?enabled=maybe' }), bad('enabled 只能为 true 或 false', 'enabled'));
  });
});
