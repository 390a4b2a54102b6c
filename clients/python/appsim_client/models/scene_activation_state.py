from enum import StrEnum

class SceneActivationState(StrEnum):
    BACKGROUND = "background"
    FOREGROUNDACTIVE = "foregroundActive"
    FOREGROUNDINACTIVE = "foregroundInactive"
    UNATTACHED = "unattached"

    def __str__(self) -> str:
        return str(self.value)
