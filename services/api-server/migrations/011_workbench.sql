-- Which product a customer runs and its version, and no placeholder
-- customer-service address.

-- The product the customer bought (its name as the product centre spells it) and the version they run.
ALTER TABLE customer ADD COLUMN product_name varchar(100);
ALTER TABLE customer ADD COLUMN product_version varchar(32);

-- The seeded customers of an older database get the same data a new database is seeded with (seed/content.ts).
UPDATE customer SET product_name = '电网运行风险预警平台', product_version = 'V3.2.0'
  WHERE name = '国网华东某省电力有限公司' AND product_name IS NULL;
UPDATE customer SET product_name = '配电网故障智能诊断系统', product_version = 'V2.6.1'
  WHERE name = '南方某市供电局' AND product_name IS NULL;
UPDATE customer SET product_name = '新能源场站功率预测与风险评估系统', product_version = 'V1.8.3'
  WHERE name = '某新能源发电集团有限公司' AND product_name IS NULL;

-- The support link goes to a configured customer-service page (SUPPORT_URL or this key); the seeded placeholder
-- address is not one, so an older database forgets it and the link is not shown until one is configured.
UPDATE sys_config SET config_value = '' WHERE config_key = 'site.supportUrl' AND config_value = 'https://www.example.com/support';
