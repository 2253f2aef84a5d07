import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ConfigProvider, zhCN } from '@site/antd-kit';
import Login from './pages/login/Login';
import Register from './pages/register/Register';
import ForgetPassword from './pages/forget-password/ForgetPassword';
import ToLogin from './pages/to-login/ToLogin';
import WxAuth from './pages/wx-auth/WxAuth';

/** This remote on its own (its team's dev page): the account pages at the host's paths, without the host. */
export function Standalone() {
  return (
    <ConfigProvider locale={zhCN}>
      <BrowserRouter>
        <nav style={{ padding: 12, borderBottom: '1px solid #eee', display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Link to="/user/login">登录</Link>
          <Link to="/user/register">注册</Link>
          <Link to="/user/forgetPassword">忘记密码</Link>
          <Link to="/toLogin">微信登录</Link>
        </nav>
        <Routes>
          <Route path="/user/login" element={<Login />} />
          <Route path="/user/register" element={<Register />} />
          <Route path="/user/forgetPassword" element={<ForgetPassword />} />
          <Route path="/toLogin" element={<ToLogin />} />
          <Route path="/wxauth" element={<WxAuth />} />
          <Route path="*" element={<Login />} />
        </Routes>
      </BrowserRouter>
    </ConfigProvider>
  );
}
