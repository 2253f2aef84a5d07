import { Link } from 'react-router-dom';
import { confirmLogout, useAuth } from '@site/app-runtime';

/** 登录 / 注册 for visitors; the user's name, 工作台 and 退出登录 for signed-in users. */
export function UserArea({ onNavigate }: { onNavigate?: () => void }) {
  const { token, user } = useAuth();
  if (!token) {
    return (
      <div className="user-area">
        <Link to="/user/login" className="user-area__link" onClick={onNavigate}>
          登录
        </Link>
        <span aria-hidden="true" className="user-area__sep">
          /
        </span>
        <Link to="/user/register" className="user-area__link" onClick={onNavigate}>
          注册
        </Link>
      </div>
    );
  }
  const name = user?.nickName || user?.userName || '';
  return (
    <div className="user-area">
      {name && (
        <span className="user-area__name" data-testid="header-user-name">
          {name}
        </span>
      )}
      <Link to="/index" className="user-area__link" onClick={onNavigate}>
        工作台
      </Link>
      <button
        type="button"
        className="user-area__button"
        onClick={() => {
          onNavigate?.();
          confirmLogout();
        }}
      >
        退出登录
      </button>
    </div>
  );
}
