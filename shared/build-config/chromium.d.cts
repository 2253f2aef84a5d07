/** Types of chromium.cjs, for the e2e suite's TypeScript. */
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
