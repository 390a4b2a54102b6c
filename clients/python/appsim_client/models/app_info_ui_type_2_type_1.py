from enum import StrEnum

class AppInfoUiType2Type1(StrEnum):
    SWIFTUI = "swiftui"
    UIKIT = "uikit"

    def __str__(self) -> str:
        return str(self.value)
