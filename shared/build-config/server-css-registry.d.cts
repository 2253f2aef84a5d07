/** Types of server-css-registry.cjs, for the host's server entry. */
export declare function addStylesheet(css: string): void;
export declare function stylesheets(): string[];
