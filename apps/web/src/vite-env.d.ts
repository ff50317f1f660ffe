/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Narrows the side navigation to one module: evaluate, protect, agent, admin, file, members, organization. */
  readonly VITE_PILLAR_MODULE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
