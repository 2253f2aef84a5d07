import { offerEarlyHandoff, takeEarlyHandoff, type EarlyHandoff } from './early-handoff';
import { listenForMessagesEarly, onWindowMessage } from './early-messages';
import { recordEarlyClicks, replayEarlyClick } from './early-clicks';

describe('the page loader hands what came early to the app (ISSUE-17)', () => {
  it('is taken once, and the loader stops listening when it is', () => {
    const stop = jest.fn();
    const handoff: EarlyHandoff = { messages: [], click: null, stop };
    offerEarlyHandoff(handoff);
    expect(takeEarlyHandoff()).toBe(handoff);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(takeEarlyHandoff()).toBeUndefined();
  });

  it("the loader's messages come first, then those the app's early listener kept", () => {
    const early = new MessageEvent('message', { data: { type: 'skipPage', url: '/about' } });
    listenForMessagesEarly([early]);
    const later = new MessageEvent('message', { data: { type: 'skipPage', url: '/news' } });
    window.dispatchEvent(later);
    const seen: unknown[] = [];
    const stop = onWindowMessage((e) => seen.push(e.data));
    expect(seen).toEqual([early.data, later.data]);
    stop();
  });

  it("the loader's clicked button is clicked again once React has hydrated it", () => {
    document.body.innerHTML = '<div id="root"><header><button id="search" type="button">搜索</button></header></div>';
    const button = document.getElementById('search')!;
    const clicks = jest.fn();
    button.addEventListener('click', clicks);
    recordEarlyClicks(button);
    replayEarlyClick();
    expect(clicks).not.toHaveBeenCalled();
    Object.assign(button, { __reactFiber$test: {} });
    replayEarlyClick();
    expect(clicks).toHaveBeenCalledTimes(1);
  });
});
