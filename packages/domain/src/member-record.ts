/*
 * A member's (employee's) and a dependent's record: the detail answers, the create and edit forms
 * with every rule of spec 1 §5 "Member and dependent forms", the lifecycle requests of spec 1 §4
 * and the history rows. Shared by the server (validation) and the web forms.
 */
export {};
