export { PbxTimeFormat, type PbxTimeFormatOptions } from './pbx-time.js';
export { zonedDayStart, instantOfWallTime, wallTimeAt, zoneOffsetMs, type WallTime } from './zoned-time.js';
