{{/* Name of the advisor's objects: <release>-ctuner unless overridden; 63 characters at most. */}}
{{- define "ctuner.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "ctuner.labels" -}}
app.kubernetes.io/name: {{ default .Chart.Name .Values.nameOverride }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "ctuner.advisorSelector" -}}
app.kubernetes.io/name: {{ default .Chart.Name .Values.nameOverride }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: advisor
{{- end -}}

{{/* repository@digest when a digest is given, else repository:tag (tag defaults to the appVersion). */}}
{{- define "ctuner.advisorImage" -}}
{{- $image := .Values.advisor.image -}}
{{- if $image.digest -}}
{{- printf "%s@%s" $image.repository $image.digest -}}
{{- else -}}
{{- printf "%s:%s" $image.repository (default .Chart.AppVersion $image.tag) -}}
{{- end -}}
{{- end -}}

{{- define "ctuner.sidecarNamespace" -}}
{{- default .Release.Namespace .Values.sidecar.namespace -}}
{{- end -}}

{{- define "ctuner.adminSecret" -}}
{{- default (printf "%s-admin" (include "ctuner.fullname" .)) .Values.advisor.admin.existingSecret -}}
{{- end -}}

{{- define "ctuner.metricsSecret" -}}
{{- printf "%s-metrics" (include "ctuner.fullname" .) -}}
{{- end -}}

{{- define "ctuner.dataClaim" -}}
{{- default (printf "%s-data" (include "ctuner.fullname" .)) .Values.advisor.persistence.existingClaim -}}
{{- end -}}

{{/* Kafka's security.protocol for a kafka value block with tls.enabled and sasl.enabled. */}}
{{- define "ctuner.kafkaProtocol" -}}
{{- if and .tls.enabled .sasl.enabled -}}SASL_SSL{{- else if .sasl.enabled -}}SASL_PLAINTEXT{{- else if .tls.enabled -}}SSL{{- else -}}PLAINTEXT{{- end -}}
{{- end -}}
