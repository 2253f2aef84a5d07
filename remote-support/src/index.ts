// Async boundary: shared singletons (react, antd, @site/shared) are negotiated before bootstrap runs.
import('./bootstrap');
