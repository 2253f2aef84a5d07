-- Initial schema. Plain SQL, applied once by src/db/migrate.ts on PGlite and on PostgreSQL alike.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE channel (
  id            integer PRIMARY KEY,
  parent_id     integer REFERENCES channel(id),
  name          varchar(100) NOT NULL,
  alias         varchar(100) NOT NULL,
  url           varchar(500) NOT NULL DEFAULT '',
  nav           boolean NOT NULL DEFAULT false,
  allow_search  boolean NOT NULL DEFAULT false,
  target_blank  boolean NOT NULL DEFAULT false,
  link_url      varchar(500),
  image         varchar(500),
  file_path     varchar(100) NOT NULL DEFAULT '',
  sort          integer NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX channel_parent_idx ON channel(parent_id);

CREATE TABLE block_item (
  id            serial PRIMARY KEY,
  block_id      integer NOT NULL,
  title         varchar(200) NOT NULL,
  subtitle      varchar(200),
  description   text,
  url           varchar(500),
  link_url      varchar(500),
  image         varchar(500),
  target_blank  boolean NOT NULL DEFAULT false,
  enabled       boolean NOT NULL DEFAULT true,
  sort          integer NOT NULL DEFAULT 0
);
CREATE INDEX block_item_block_idx ON block_item(block_id, sort);

CREATE TABLE article (
  id            serial PRIMARY KEY,
  channel_id    integer NOT NULL REFERENCES channel(id),
  title         varchar(300) NOT NULL,
  subtitle      varchar(300),
  description   text,
  image         varchar(500),
  video         varchar(500),
  file          varchar(500),
  file_name     varchar(300),
  file_length   integer,
  author        varchar(100),
  source        varchar(100),
  publish_date  timestamptz NOT NULL DEFAULT now(),
  text          text NOT NULL DEFAULT '',
  search_text   text NOT NULL DEFAULT '',
  customs       jsonb NOT NULL DEFAULT '{}'::jsonb,
  status        smallint NOT NULL DEFAULT 0
);
CREATE INDEX article_channel_date_idx ON article(channel_id, publish_date DESC, id DESC);
CREATE INDEX article_title_trgm_idx ON article USING gin (title gin_trgm_ops);
CREATE INDEX article_text_trgm_idx ON article USING gin (search_text gin_trgm_ops);

CREATE TABLE message_board (
  id            serial PRIMARY KEY,
  title         varchar(100) NOT NULL,
  text          text NOT NULL,
  nickname      varchar(50) NOT NULL,
  contact       varchar(100),
  phone         varchar(20),
  email         varchar(100),
  ip            varchar(64),
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE visit (
  id            bigserial PRIMARY KEY,
  site_id       varchar(16) NOT NULL,
  url           varchar(2048) NOT NULL,
  entry_url     varchar(2048) NOT NULL DEFAULT '',
  referrer      varchar(2048) NOT NULL DEFAULT '',
  si            varchar(32) NOT NULL,
  uv            varchar(32) NOT NULL,
  new_visitor   boolean NOT NULL DEFAULT false,
  count         smallint NOT NULL,
  duration      integer NOT NULL DEFAULT 0,
  ip            varchar(64),
  user_agent    varchar(512),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visit_created_idx ON visit(created_at);

CREATE TABLE customer (
  id            serial PRIMARY KEY,
  name          varchar(100) NOT NULL,
  contact_name  varchar(50),
  phone         varchar(20),
  tg_code       varchar(32),
  industry      varchar(50),
  level         varchar(20),
  address       varchar(200),
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sys_role (
  role_key      varchar(50) PRIMARY KEY,
  role_name     varchar(50) NOT NULL,
  perms         jsonb NOT NULL DEFAULT '[]'::jsonb
);

CREATE TABLE sys_user (
  user_id       serial PRIMARY KEY,
  user_name     varchar(64) NOT NULL UNIQUE,
  nick_name     varchar(64) NOT NULL,
  password      varchar(100),
  phonenumber   varchar(20) UNIQUE,
  email         varchar(100) NOT NULL DEFAULT '',
  avatar        varchar(500) NOT NULL DEFAULT '',
  customer_id   integer REFERENCES customer(id),
  dept_id       integer,
  post_ids      jsonb NOT NULL DEFAULT '[]'::jsonb,
  openid        varchar(100) UNIQUE,
  status        char(1) NOT NULL DEFAULT '0',
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sys_user_role (
  user_id       integer NOT NULL REFERENCES sys_user(user_id) ON DELETE CASCADE,
  role_key      varchar(50) NOT NULL REFERENCES sys_role(role_key),
  PRIMARY KEY (user_id, role_key)
);

CREATE TABLE sys_menu (
  menu_id       integer PRIMARY KEY,
  parent_id     integer NOT NULL DEFAULT 0,
  menu_name     varchar(50) NOT NULL,
  route_name    varchar(50) NOT NULL,
  path          varchar(200) NOT NULL,
  component     varchar(255),
  perms         varchar(100),
  icon          varchar(100) NOT NULL DEFAULT '#',
  menu_type     char(1) NOT NULL,
  is_frame      boolean NOT NULL DEFAULT false,
  visible       boolean NOT NULL DEFAULT true,
  no_cache      boolean NOT NULL DEFAULT false,
  order_num     integer NOT NULL DEFAULT 0
);

CREATE TABLE sys_role_menu (
  role_key      varchar(50) NOT NULL REFERENCES sys_role(role_key),
  menu_id       integer NOT NULL REFERENCES sys_menu(menu_id),
  PRIMARY KEY (role_key, menu_id)
);

CREATE TABLE sys_token (
  token_hash    char(64) PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES sys_user(user_id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX sys_token_user_idx ON sys_token(user_id);

CREATE TABLE captcha (
  uuid          varchar(64) PRIMARY KEY,
  answer        varchar(16) NOT NULL,
  expires_at    timestamptz NOT NULL,
  used          boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX captcha_expires_idx ON captcha(expires_at);

CREATE TABLE sms_code (
  id            serial PRIMARY KEY,
  phone         varchar(20) NOT NULL,
  code_hash     char(64) NOT NULL,
  expires_at    timestamptz NOT NULL,
  attempts      integer NOT NULL DEFAULT 0,
  used          boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_code_phone_idx ON sms_code(phone, created_at DESC);

CREATE TABLE sms_outbox (
  id            serial PRIMARY KEY,
  phone         varchar(20) NOT NULL,
  code          varchar(16) NOT NULL,
  content       varchar(500) NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox(phone, id DESC);

CREATE TABLE rate_limit (
  key           varchar(300) PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL
);

CREATE TABLE sys_notice (
  notice_id      serial PRIMARY KEY,
  notice_title   varchar(100) NOT NULL,
  notice_type    char(1) NOT NULL,
  notice_content text NOT NULL DEFAULT '',
  status         char(1) NOT NULL DEFAULT '0',
  create_by      varchar(64) NOT NULL DEFAULT '',
  create_time    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sys_dict_data (
  dict_code     serial PRIMARY KEY,
  dict_sort     integer NOT NULL DEFAULT 0,
  dict_label    varchar(100) NOT NULL,
  dict_value    varchar(100) NOT NULL,
  dict_type     varchar(100) NOT NULL,
  css_class     varchar(100) NOT NULL DEFAULT '',
  list_class    varchar(100) NOT NULL DEFAULT '',
  is_default    char(1) NOT NULL DEFAULT 'N',
  status        char(1) NOT NULL DEFAULT '0'
);
CREATE INDEX sys_dict_data_type_idx ON sys_dict_data(dict_type, dict_sort);

CREATE TABLE sys_config (
  config_key    varchar(100) PRIMARY KEY,
  config_name   varchar(100) NOT NULL,
  config_value  varchar(500) NOT NULL
);

CREATE TABLE wx_oauth_state (
  state         varchar(64) PRIMARY KEY,
  expires_at    timestamptz NOT NULL,
  used          boolean NOT NULL DEFAULT false
);

CREATE TABLE wx_oauth_code (
  code          varchar(64) PRIMARY KEY,
  openid        varchar(100) NOT NULL,
  nickname      varchar(64) NOT NULL,
  expires_at    timestamptz NOT NULL,
  used          boolean NOT NULL DEFAULT false
);

CREATE TABLE upload_file (
  id            serial PRIMARY KEY,
  url           varchar(500) NOT NULL,
  original_name varchar(255) NOT NULL,
  mime          varchar(100) NOT NULL,
  size          integer NOT NULL,
  user_id       integer REFERENCES sys_user(user_id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE seed_state (
  name          varchar(100) PRIMARY KEY,
  applied_at    timestamptz NOT NULL DEFAULT now()
);
