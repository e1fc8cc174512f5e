/** VIP grade names by level (the vip domain will own the full grade table). */
const GRADES = ['普通会员', 'VIP1', 'VIP2', 'VIP3', 'VIP4', 'VIP5', 'VIP6', 'VIP7', 'VIP8', 'VIP9', 'VIP10'];

export const gradeName = (level: number): string => GRADES[level] ?? `VIP${level}`;
