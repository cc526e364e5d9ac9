// PBX display-time formatting and parsing (see pbx-time.ts).
export {};
