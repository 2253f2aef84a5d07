describe('when the app may navigate on its own (MSG-1, ISSUE-17)', () => {
  let mod: typeof import('./app-ready');
  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };
  beforeEach(async () => {
    jest.useFakeTimers();
    // A fresh module per test: readiness happens once per page.
    await jest.isolateModulesAsync(async () => {
      mod = await import('./app-ready');
    });
  });
  afterEach(() => jest.useRealTimers());

  it('a page rendered in the browser is ready with its shell', async () => {
    expect(await settled(mod.whenAppReady())).toBe(false);
    mod.shellReady();
    expect(await settled(mod.whenAppReady())).toBe(true);
  });

  it("a hydrated page waits for its own part, not only the shell's", async () => {
    mod.expectPageHydration();
    mod.shellReady();
    expect(await settled(mod.whenAppReady())).toBe(false);
    mod.pageReady();
    expect(await settled(mod.whenAppReady())).toBe(true);
  });

  it('a hydrated page whose part never reports is ready 10 s after its shell', async () => {
    mod.expectPageHydration();
    mod.shellReady();
    jest.advanceTimersByTime(9_999);
    expect(await settled(mod.whenAppReady())).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(mod.whenAppReady())).toBe(true);
  });
});
