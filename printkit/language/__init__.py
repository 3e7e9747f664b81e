"""Language: translations, scripts, fonts, shaping, bidi and line breaking, and
ReportLab's private parts they rely on."""
