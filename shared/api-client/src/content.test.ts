const get = jest.fn();
jest.mock('@site/app-runtime', () => ({ request: { get: (...a: unknown[]) => get(...a) } }));

import { getBlocks, getCompany } from './content';

beforeEach(() => get.mockReset());

describe('content calls', () => {
  test('[TITLE-2] the company call is asked once per page load, whoever asks; a failure is asked again', async () => {
    get.mockRejectedValueOnce(new Error('network'));
    await expect(getCompany()).rejects.toThrow('network');
    get.mockResolvedValueOnce([{ title: '华电智控科技有限公司' }]);
    const [a, b] = await Promise.all([getCompany(), getCompany()]);
    expect(a).toEqual([{ title: '华电智控科技有限公司' }]);
    expect(b).toBe(a);
    await getCompany();
    expect(get).toHaveBeenCalledTimes(2);
    expect(get).toHaveBeenLastCalledWith('/api/company');
  });

  test('[API-5][FOOT-1 deviation: the footer asks its blocks in one call with blockIds, see contract README] several blocks in one call: blockIds joined with commas', async () => {
    get.mockResolvedValueOnce([]);
    await getBlocks([9, 4, 7]);
    expect(get).toHaveBeenCalledWith('/api/block-item', { params: { blockIds: '9,4,7' } });
  });
});
