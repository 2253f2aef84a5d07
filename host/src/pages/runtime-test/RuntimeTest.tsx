import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Tag } from '@site/antd-kit';
import { loadRemoteModule, remoteStatus, type RemoteState, type RemoteStatus } from '../../federation/remotes';
import { requiredExposes } from '../../federation/route-table';
import { staticHead } from '@site/ui/render';

/** Its head (title before the dash, description). */
export const head = staticHead('运行时组成', '各远程模块的地址、版本与加载状态。');

const STATE_LABEL: Record<RemoteState, { text: string; color: string }> = {
  registered: { text: '未加载', color: 'default' },
  loading: { text: '加载中', color: 'processing' },
  loaded: { text: '已加载', color: 'success' },
  failed: { text: '加载失败', color: 'error' },
};

let snapshot: RemoteStatus[] = remoteStatus.list();
function subscribe(cb: () => void) {
  return remoteStatus.subscribe(() => {
    snapshot = remoteStatus.list();
    cb();
  });
}

/** The version a remote's manifest declares about itself. */
async function manifestVersion(url: string): Promise<string> {
  try {
    const res = await fetch(url, { cache: 'no-cache' });
    if (!res.ok) return `无法读取（HTTP ${res.status}）`;
    const m = (await res.json()) as { metaData?: { buildInfo?: { buildVersion?: string } } };
    return m.metaData?.buildInfo?.buildVersion ?? '未知';
  } catch {
    return '无法读取';
  }
}

/** /test: the runtime composition, for people deploying remotes (which remote, where, which version, loaded?). */
export default function RuntimeTest() {
  const list = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  const [versions, setVersions] = useState<Record<string, string>>({});
  const exposes = requiredExposes();

  useEffect(() => {
    snapshot = remoteStatus.list();
    let live = true;
    Promise.all(snapshot.map(async (r) => [r.name, await manifestVersion(r.entry)] as const)).then(
      (pairs) => live && setVersions(Object.fromEntries(pairs)),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <main id="main-content" className="host-page">
      <h1 className="host-page__h1">运行时组成</h1>
      <p>本页列出主应用在运行时注册的远程模块、清单地址、版本和加载状态，供部署远程模块的团队检查。</p>
      {list.length === 0 ? (
        <p role="status">未注册任何远程模块（无法读取 /remotes.json）。</p>
      ) : (
        <div className="runtime-table-wrap">
          <table className="runtime-table">
            <thead>
              <tr>
                <th scope="col">名称</th>
                <th scope="col">清单地址</th>
                <th scope="col">版本</th>
                <th scope="col">状态</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.name} data-testid={`remote-row-${r.name}`}>
                  <td>{r.name}</td>
                  <td className="runtime-table__url">{r.entry}</td>
                  <td>{r.version ?? versions[r.name] ?? '读取中…'}</td>
                  <td>
                    <Tag color={STATE_LABEL[r.state].color}>{STATE_LABEL[r.state].text}</Tag>
                    {r.error && <span className="runtime-table__error">{r.error}</span>}
                  </td>
                  <td>
                    <Button
                      size="small"
                      loading={r.state === 'loading'}
                      aria-label={`加载 ${r.name}`}
                      onClick={() => loadRemoteModule(r.name, exposes[r.name]?.[0] ?? './index').catch(() => {})}
                    >
                      加载
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
