import { recordEarlyClicks, replayEarlyClick } from './early-clicks';

const tick = () => new Promise((r) => setTimeout(r, 0));
/** What React does to a node it hydrates. */
const hydrate = (id: string) => Object.assign(document.getElementById(id)!, { __reactFiber$test: {} });

const clicks: string[] = [];
document.addEventListener('click', (e) => clicks.push((e.target as Element).id));
recordEarlyClicks();

function page() {
  document.body.innerHTML =
    '<div id="root"><header><button id="search" type="button">搜索</button><span id="menu" role="button">菜单</span></header>' +
    '<main><button id="question" type="button">问题</button><a id="link" href="#x">链接</a></main></div>';
  clicks.length = 0;
}

describe('clicks before hydration (ISSUE-17)', () => {
  it('gives the last click on a button React had not hydrated again once it has, and only once', async () => {
    page();
    document.getElementById('menu')!.click();
    document.getElementById('search')!.click();
    await tick();
    clicks.length = 0;
    replayEarlyClick();
    expect(clicks).toEqual([]); // not hydrated yet: it keeps waiting
    hydrate('search');
    replayEarlyClick();
    expect(clicks).toEqual(['search']);
    replayEarlyClick();
    expect(clicks).toEqual(['search']);
  });

  it('leaves alone clicks React handled: on a hydrated button, or one hydrated for that very click', async () => {
    page();
    hydrate('question');
    document.getElementById('question')!.click();
    const menu = document.getElementById('menu')!;
    menu.addEventListener('click', () => hydrate('menu'), { once: true });
    menu.click();
    document.getElementById('link')!.click();
    await tick();
    clicks.length = 0;
    replayEarlyClick();
    expect(clicks).toEqual([]);
  });

  it('drops a click whose element hydration replaced', async () => {
    page();
    document.getElementById('question')!.click();
    await tick();
    hydrate('question');
    document.getElementById('question')!.remove();
    clicks.length = 0;
    replayEarlyClick();
    expect(clicks).toEqual([]);
  });
});

describe('a click waiting for a part that hydrates after the page (ISSUE-17)', () => {
  it('is given once React has marked its element, without a ready call', async () => {
    page();
    document.getElementById('question')!.click();
    await tick();
    clicks.length = 0;
    hydrate('question');
    await new Promise((r) => setTimeout(r, 350));
    expect(clicks).toEqual(['question']);
  });
});
