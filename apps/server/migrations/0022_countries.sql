-- Countries and regions for the phone field's dialling code: China first, then the region and the
-- places members most often register from. Reference data, not demo data: every site needs it.
CREATE TABLE countries (
  code       text     PRIMARY KEY,
  name       text     NOT NULL,
  dial_code  text     NOT NULL,
  sort       integer  NOT NULL,
  enabled    boolean  NOT NULL DEFAULT true
);

INSERT INTO countries (code, name, dial_code, sort) VALUES
  ('CN', '中国', '+86', 0),
  ('HK', '中国香港', '+852', 10),
  ('MO', '中国澳门', '+853', 20),
  ('TW', '中国台湾', '+886', 30),
  ('SG', '新加坡', '+65', 40),
  ('MY', '马来西亚', '+60', 50),
  ('TH', '泰国', '+66', 60),
  ('VN', '越南', '+84', 70),
  ('PH', '菲律宾', '+63', 80),
  ('ID', '印度尼西亚', '+62', 90),
  ('KH', '柬埔寨', '+855', 100),
  ('MM', '缅甸', '+95', 110),
  ('LA', '老挝', '+856', 120),
  ('JP', '日本', '+81', 130),
  ('KR', '韩国', '+82', 140),
  ('IN', '印度', '+91', 150),
  ('AE', '阿联酋', '+971', 160),
  ('AU', '澳大利亚', '+61', 170),
  ('NZ', '新西兰', '+64', 180),
  ('US', '美国', '+1', 190),
  ('CA', '加拿大', '+1', 200),
  ('GB', '英国', '+44', 210),
  ('DE', '德国', '+49', 220),
  ('FR', '法国', '+33', 230),
  ('IT', '意大利', '+39', 240),
  ('ES', '西班牙', '+34', 250),
  ('NL', '荷兰', '+31', 260),
  ('RU', '俄罗斯', '+7', 270),
  ('TR', '土耳其', '+90', 280),
  ('BR', '巴西', '+55', 290);
