import { catchEarly, offerEarlyHandoff, takeEarlyHandoff, type EarlyHandoff } from './early-handoff';
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

  it('the catcher keeps messages and the last clicked button until the app takes them, then stops; a second catcher adds nothing', () => {
    document.body.innerHTML =
      '<div id="root"><button id="a" type="button">搜索</button><span role="button" id="b"><i id="inner">问</i></span></div><button id="out">外</button>';
    catchEarly();
    catchEarly();
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'skipPage', url: '/about' } }));
    document.getElementById('a')!.click();
    document.getElementById('inner')!.click();
    document.getElementById('out')!.click();
    const handoff = takeEarlyHandoff()!;
    expect(handoff.messages.map((m) => m.data)).toEqual([{ type: 'skipPage', url: '/about' }]);
    expect(handoff.click?.id).toBe('b');
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'skipPage', url: '/news' } }));
    document.getElementById('a')!.click();
    expect(handoff.messages).toHaveLength(1);
    expect(handoff.click?.id).toBe('b');
  });

  it("the loader's messages come first, then those the app's early listener kept", () => {
    const early = new MessageEvent('message', { data: { type: 'skipPage', url: '/about' } });
    listenForMessagesEarly([early]);
    const later = new MessageEvent('message', { data: { type: 'skipPage', url: '/news' } });
    window.dispatchEvent(later);
    const seen: unknown[] = [];
    const stop = onWindowMessage((e) => seen.push(e.data));
    expect(seen).toEqual([early.data, later.data]);
    // Handed over while the app already listens: delivered at once, not queued for a listener that came before.
    const late = new MessageEvent('message', { data: { type: 'skipPage', url: '/contact' } });
    listenForMessagesEarly([late]);
    expect(seen).toEqual([early.data, later.data, late.data]);
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
