export { doctor, retypedFields, type DoctorOptions, type DoctorReport, type ProbeOutcome, type ServiceConfiguration } from "./doctor";
export { formatDoctorReport } from "./format-doctor-report";
