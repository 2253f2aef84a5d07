import { bodyHasImage, bodyListsAll, heroParts } from './detail-parts';

const product = {
  image: '/files/images/product-1.svg',
  subtitle: 'RiskEye 3.2',
  description: '基于电网实时运行数据与设备状态，对 N-1 风险进行分钟级评估。',
  text: '<h2>产品概述</h2><p>另一段正文。</p>',
};

describe('detail head without repeats [ISSUE-19.product]', () => {
  it('shows image, subtitle and summary when the body does not', () => {
    expect(heroParts(product)).toEqual({ image: true, subtitle: true, description: true });
  });
  it('leaves out the image and summary the body already shows (whitespace and host ignored)', () => {
    const text = `<p>基于电网实时运行数据与设备状态，对  N-1 风险进行分钟级评估。</p><p><img alt="x" src="https://site.example/files/images/product-1.svg?v=2"></p>`;
    expect(heroParts({ ...product, text })).toEqual({ image: false, subtitle: true, description: false });
  });
  it('missing parts are not shown', () => {
    expect(heroParts({ image: null, subtitle: null, description: '  ', text: '' })).toEqual({ image: false, subtitle: false, description: false });
  });
  it('bodyHasImage compares the file, not a prefix', () => {
    expect(bodyHasImage('<img src="/files/images/product-10.svg">', '/files/images/product-1.svg')).toBe(false);
    expect(bodyHasImage("<img src='/files/images/product-1.svg'>", '/files/images/product-1.svg')).toBe(true);
  });
  it('the feature list is left out only when the body names every feature', () => {
    const html = '<ul><li><strong>多源数据融合</strong>：接入 SCADA</li><li><strong>分钟级风险评估</strong></li></ul>';
    expect(bodyListsAll(html, ['多源数据融合', '分钟级风险评估'])).toBe(true);
    expect(bodyListsAll(html, ['多源数据融合', '分级预警推送'])).toBe(false);
    expect(bodyListsAll(html, [])).toBe(false);
  });
});
