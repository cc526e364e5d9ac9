import { nodeProjectConfig } from '../../vitest.shared.mjs';

export default nodeProjectConfig();
