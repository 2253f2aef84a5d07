/** The public API of this remote: the account pages the host mounts (see README.md and host/src/federation/route-table.ts). */
module.exports.exposes = {
  './Login': './src/pages/login/Login.tsx',
  './Register': './src/pages/register/Register.tsx',
  './ForgetPassword': './src/pages/forget-password/ForgetPassword.tsx',
  './ToLogin': './src/pages/to-login/ToLogin.tsx',
  './WxAuth': './src/pages/wx-auth/WxAuth.tsx',
};
