<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>teamai::ui::Notifier</name>
    <message numerus="yes">
        <source>%n commands blocked by your setting</source>
        <translation>
            <numerusform>%n command blocked by your setting</numerusform>
            <numerusform>%n commands blocked by your setting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commands failed</source>
        <translation>
            <numerusform>%n command failed</numerusform>
            <numerusform>%n commands failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n items installed or removed</source>
        <translation>
            <numerusform>%n item installed or removed</numerusform>
            <numerusform>%n items installed or removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n commands ran</source>
        <translation>
            <numerusform>%n command ran</numerusform>
            <numerusform>%n commands ran</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remote commands finished</source>
        <translation>
            <numerusform>%n remote command finished</numerusform>
            <numerusform>%n remote commands finished</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more.</source>
        <translation>
            <numerusform>…and %n more.</numerusform>
            <numerusform>…and %n more.</numerusform>
        </translation>
    </message>
</context>
</TS>
