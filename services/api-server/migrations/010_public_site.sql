-- Banner subtitles as real text, no placeholder addresses, no internal hints.

-- A channel's banner line: shown as text over the channel image (which carries no text and may be cropped).
ALTER TABLE channel ADD COLUMN subtitle varchar(200);
UPDATE channel SET subtitle = '面向电力行业的风险管控软件产品' WHERE id = 14 AND subtitle IS NULL;
UPDATE channel SET subtitle = '覆盖发、输、变、配、用全环节' WHERE id = 10 AND subtitle IS NULL;
UPDATE channel SET subtitle = '7×24 小时技术服务，文档、视频与常见问题' WHERE id = 11 AND subtitle IS NULL;
UPDATE channel SET subtitle = '让电网运行更安全、更智能' WHERE id = 2 AND subtitle IS NULL;
UPDATE channel SET subtitle = '公司动态与行业资讯' WHERE id = 12 AND subtitle IS NULL;
UPDATE channel SET subtitle = '服务热线 400-820-6688' WHERE id = 3 AND subtitle IS NULL;
-- The seeded banners had their title and line drawn into the picture: point them at the text-free ones
-- (seed/media.ts writes both into the files folder on every start).
UPDATE channel SET image = replace(image, '.svg', '-bg.svg')
  WHERE image IN ('/files/images/channel-product.svg', '/files/images/channel-solution.svg', '/files/images/channel-support.svg',
                  '/files/images/channel-about.svg', '/files/images/channel-news.svg', '/files/images/channel-contact.svg');

-- Footer: no placeholder addresses and no hint meant for the developers.
UPDATE block_item SET url = '/index' WHERE url = 'https://www.example.com/portal';
UPDATE block_item SET url = '/about#careers', target_blank = false WHERE url = 'https://www.example.com/careers';
UPDATE block_item SET title = '常见问题' WHERE title = '常见问题（重新加载）';

-- The customer-service address is configured by the operator; none by default (the link is then not shown).
UPDATE sys_config SET config_value = '' WHERE config_key = 'site.supportUrl' AND config_value = 'https://www.example.com/support';

-- 帮助中心: the public 服务支持 pages (documents, FAQ, videos) instead of a placeholder address.
UPDATE sys_menu SET path = '/support' WHERE menu_id = 4 AND path = 'https://www.example.com/help';
