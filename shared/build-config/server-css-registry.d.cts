/** Types of server-css-registry.cjs, for the host's server entry. */
export declare function addStylesheet(key: string, css: string): void;
export declare function stylesheets(): string[];
export declare function stylesheet(key: string): string | undefined;
