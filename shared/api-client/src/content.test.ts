const get = jest.fn();
jest.mock('@site/app-runtime', () => ({ request: { get: (...a: unknown[]) => get(...a) } }));

import { getBlocks } from './content';

beforeEach(() => get.mockReset());

describe('content calls', () => {
  test('[API-5][FOOT-1 deviation: the footer asks its blocks in one call with blockIds, see contract README] several blocks in one call: blockIds joined with commas', async () => {
    get.mockResolvedValueOnce([]);
    await getBlocks([9, 4, 7]);
    expect(get).toHaveBeenCalledWith('/api/block-item', { params: { blockIds: '9,4,7' } });
  });
});
